import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class CreateTenantDto {
  @ApiProperty({ example: 'acme', minLength: 1, maxLength: 100, description: 'Unique tenant name' })
  @IsString()
  @Length(1, 100)
  name!: string;
}
