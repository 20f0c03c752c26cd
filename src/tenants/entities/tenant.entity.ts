import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

@Entity({ name: 'tenants' })
@Unique('tenants_name_uq', ['name'])
export class TenantEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
