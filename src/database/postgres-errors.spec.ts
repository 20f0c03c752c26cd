import { QueryFailedError } from 'typeorm';
import { isUniqueViolation } from './postgres-errors';

/** What node-postgres hands TypeORM for a refused INSERT: the SQLSTATE and the constraint's name. */
const refused = (code: string, constraint?: string, message = 'duplicate key value violates unique constraint') =>
  new QueryFailedError('INSERT INTO tenants …', [], Object.assign(new Error(message), { code, constraint }));

describe('isUniqueViolation', () => {
  it('recognises the constraint by its own name', () => {
    expect(isUniqueViolation(refused('23505', 'tenants_name_uq'), 'tenants_name_uq')).toBe(true);
  });

  it("recognises a Citus shard's copy of the constraint, named with the shard id", () => {
    expect(isUniqueViolation(refused('23505', 'tenants_name_uq_102008'), 'tenants_name_uq')).toBe(true);
  });

  it('reads the constraint from the message when the error relayed from a shard carries no constraint field', () => {
    const relayed = refused('23505', undefined, 'duplicate key value violates unique constraint "tenants_name_uq_102311"');
    expect(isUniqueViolation(relayed, 'tenants_name_uq')).toBe(true);
    expect(isUniqueViolation(relayed, 'event_store_names_pk')).toBe(false);
  });

  it('tells other constraints, other errors and errors without a constraint apart', () => {
    expect(isUniqueViolation(refused('23505', 'api_keys_key_hash_uq'), 'tenants_name_uq')).toBe(false);
    expect(isUniqueViolation(refused('23505', 'tenants_name_uq_extra'), 'tenants_name_uq')).toBe(false);
    expect(isUniqueViolation(refused('23503', 'tenants_name_uq'), 'tenants_name_uq')).toBe(false);
    expect(isUniqueViolation(refused('23505'), 'tenants_name_uq')).toBe(false);
    expect(isUniqueViolation(new Error('23505'), 'tenants_name_uq')).toBe(false);
  });
});
