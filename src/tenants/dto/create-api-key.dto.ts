import { ApiProperty } from '@nestjs/swagger';
import { ArrayMinSize, ArrayUnique, IsArray, IsIn, IsString, Length } from 'class-validator';
import { SCOPES, type Scope } from '../../auth/principal';

export class CreateApiKeyDto {
  @ApiProperty({ example: 'billing-service', minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  name!: string;

  @ApiProperty({
    enum: SCOPES,
    isArray: true,
    example: ['read', 'write'],
    description: '`read`: reads, queries, WebSocket; `write`: appends; `admin`: stores, subscriptions, connections, dead letters',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(SCOPES, { each: true })
  scopes!: Scope[];
}
