/**
 * Property versions, their publication to environments, and the audit log.
 */
import type { Selectable } from 'kysely';
import type { Engine } from './engine';
import { isUniqueViolation } from './errors';
import type { AuditLogTable, PropertyVersionsTable, PublicationsTable } from './tables';
import type { AuditEntry, Environment, NewAuditEntry, NewPropertyVersion, NewPublication, Publication, PropertyVersion } from './types';
import { cleanDeep } from './text';

/** Numbers the version max+1 for its property. */
export async function createPropertyVersion(engine: Engine, input: NewPropertyVersion): Promise<PropertyVersion> {
  // Two servers saving the same property at once can pick the same number; the unique key
  // rejects one of them, which then takes the next number.
  for (let attempt = 1; ; attempt++) {
    try {
      return await engine.db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('property_versions')
          .select((eb) => eb.fn.max('version').as('version'))
          .where('property', '=', input.property)
          .executeTakeFirst();
        const row = await trx
          .insertInto('property_versions')
          .values({
            property: input.property,
            version: Number(last?.version ?? 0) + 1,
            document: JSON.stringify(cleanDeep(input.document)),
            created_by: input.createdBy,
            created_at: new Date().toISOString(),
            note: input.note ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return fromVersionRow(row);
      });
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

export async function getPropertyVersion(engine: Engine, property: string, version: number): Promise<PropertyVersion | undefined> {
  const row = await engine.db
    .selectFrom('property_versions')
    .selectAll()
    .where('property', '=', property)
    .where('version', '=', version)
    .executeTakeFirst();
  return row && fromVersionRow(row);
}

/** Newest first. */
export async function listPropertyVersions(engine: Engine, property: string): Promise<PropertyVersion[]> {
  const rows = await engine.db.selectFrom('property_versions').selectAll().where('property', '=', property).orderBy('version', 'desc').execute();
  return rows.map(fromVersionRow);
}

export async function recordPublication(engine: Engine, input: NewPublication): Promise<Publication> {
  const row = await engine.db
    .insertInto('publications')
    .values({
      environment: input.environment,
      property: input.property,
      version: input.version,
      published_by: input.publishedBy,
      published_at: new Date().toISOString(),
      note: input.note ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromPublicationRow(row);
}

/** The latest publication of each environment of a property. */
export async function currentPublications(engine: Engine, property: string): Promise<Publication[]> {
  const rows = await engine.db
    .selectFrom('publications as p')
    .selectAll('p')
    .where('p.property', '=', property)
    .where('p.id', '=', (eb) =>
      eb
        .selectFrom('publications as q')
        .select((q) => q.fn.max('q.id').as('id'))
        .whereRef('q.property', '=', 'p.property')
        .whereRef('q.environment', '=', 'p.environment'),
    )
    .orderBy('p.environment')
    .execute();
  return rows.map(fromPublicationRow);
}

/** Newest first; one environment or all. */
export async function publicationHistory(engine: Engine, property: string, environment?: Environment): Promise<Publication[]> {
  let query = engine.db.selectFrom('publications').selectAll().where('property', '=', property).orderBy('id', 'desc');
  if (environment !== undefined) query = query.where('environment', '=', environment);
  return (await query.execute()).map(fromPublicationRow);
}

export async function appendAudit(engine: Engine, entry: NewAuditEntry): Promise<AuditEntry> {
  const row = await engine.db
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      actor: entry.actor,
      action: entry.action,
      detail: entry.detail === undefined ? null : JSON.stringify(cleanDeep(entry.detail)),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromAuditRow(row);
}

/** Newest first. */
export async function listAudit(engine: Engine, limit: number): Promise<AuditEntry[]> {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a whole number >= 0, got ${limit}`);
  const rows = await engine.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(fromAuditRow);
}

function fromVersionRow(row: Selectable<PropertyVersionsTable>): PropertyVersion {
  return {
    id: Number(row.id),
    property: row.property,
    version: Number(row.version),
    document: JSON.parse(row.document),
    createdBy: row.created_by,
    createdAt: row.created_at,
    note: row.note,
  };
}

function fromPublicationRow(row: Selectable<PublicationsTable>): Publication {
  return {
    id: Number(row.id),
    environment: row.environment,
    property: row.property,
    version: Number(row.version),
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    note: row.note ?? null,
  };
}

function fromAuditRow(row: Selectable<AuditLogTable>): AuditEntry {
  return { id: Number(row.id), at: row.at, actor: row.actor, action: row.action, detail: row.detail === null ? null : JSON.parse(row.detail) };
}
