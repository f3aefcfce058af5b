import { type AuditRecordDto, listAuditLog } from '../../core/audit/list-audit-log.js';
import { builder } from '../builder.js';
import { cursorPageArgs, cursorPageOf } from '../fields.js';

const AuditActor = builder.objectRef<AuditRecordDto['actor']>('AuditActor').implement({
  description: 'Who acted: an API key, a person, or the system.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'api_key, admin or system.' }),
    id: t.exposeString('id', { nullable: true, description: "The API key's or the admin's id." }),
    name: t.exposeString('name', { nullable: true, description: "The API key's name, the admin's email, or what the system was." }),
    role: t.exposeString('role', { description: 'api, admin, analyst or system.' }),
  }),
});

const AuditObject = builder.objectRef<AuditRecordDto['object']>('AuditObject').implement({
  description: 'What the record is about.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'transaction, account, webhook_target, ...' }),
    id: t.exposeString('id', { description: "The object's id." }),
  }),
});

const AuditRecord = builder.objectRef<AuditRecordDto>('AuditRecord').implement({
  description: "One change or sensitive read in the workspace's audit log (GET /api/v2/audit-log).",
  fields: (t) => ({
    seq: t.exposeString('seq', { description: "The record's number in the workspace's chain." }),
    occurredAt: t.field({ type: 'DateTime', description: 'When.', resolve: (r) => r.occurredAt }),
    actor: t.field({ type: AuditActor, description: 'Who.', resolve: (r) => r.actor }),
    requestId: t.exposeString('requestId', { nullable: true, description: 'The request (X-Request-Id).' }),
    clientAddress: t.exposeString('clientAddress', { nullable: true, description: "The client's address." }),
    action: t.exposeString('action', { description: '<object>.<verb>.' }),
    object: t.field({ type: AuditObject, description: 'About what.', resolve: (r) => r.object }),
    changes: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Per field, before and after (PII and secrets withheld).',
      resolve: (r) => r.changes,
    }),
    prevHash: t.exposeString('prevHash', { description: 'The hash of the record before.' }),
    hash: t.exposeString('hash', { description: "This record's hash." }),
  }),
});

const AuditRecordPage = cursorPageOf('AuditRecordPage', AuditRecord);

const AuditFilter = builder.inputType('AuditFilter', {
  description: 'The filters of GET /api/v2/audit-log, with the same rules.',
  fields: (t) => ({
    actorId: t.string({ description: 'Only this actor (an API key id or an admin id).' }),
    action: t.string({ description: 'Only this action.' }),
    objectType: t.string({ description: 'Only objects of this type.' }),
    objectId: t.string({ description: 'Only this object.' }),
    startDate: t.string({ description: 'Occurred at or after.' }),
    endDate: t.string({ description: 'Occurred at or before.' }),
  }),
});

function defined(obj: Record<string, unknown> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj ?? {}).filter(([, v]) => v !== null && v !== undefined));
}

builder.queryFields((t) => ({
  auditLog: t.field({
    type: AuditRecordPage,
    description: "Your workspace's audit log, newest first (admins only; same rules as GET /api/v2/audit-log).",
    args: { filter: t.arg({ type: AuditFilter, description: 'Filters, combined with AND.' }), ...cursorPageArgs(t.arg) },
    resolve: async (_root, args, ctx) =>
      listAuditLog(await ctx.core(), {
        ...defined(args.filter),
        ...defined({ page: args.page, limit: args.limit, after: args.after }),
      }),
  }),
}));
