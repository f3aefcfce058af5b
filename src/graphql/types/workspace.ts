import { getWorkspace } from '../../core/workspaces/get-workspace.js';
import { updateWorkspace } from '../../core/workspaces/update-workspace.js';
import type { WorkspaceDto } from '../../core/workspaces/workspace-dto.js';
import { builder } from '../builder.js';

const WorkspaceLogo = builder.objectRef<NonNullable<WorkspaceDto['logo']>>('WorkspaceLogo').implement({
  description: "The workspace's logo on its verification pages (uploaded over REST or in the dashboard).",
  fields: (t) => ({
    mediaType: t.exposeString('mediaType', { description: 'image/png or image/jpeg, recognised from its first bytes.' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    sha256: t.exposeString('sha256', { description: 'Hex SHA-256 of the image: its address.' }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it was uploaded.', resolve: (l) => l.updatedAt }),
    url: t.exposeString('url', { description: 'Where this server serves it (public, cacheable).' }),
  }),
});

const Workspace = builder.objectRef<WorkspaceDto>('Workspace').implement({
  description: "The caller's workspace settings (as REST GET /api/v2/workspace).",
  fields: (t) => ({
    workspaceId: t.exposeID('workspaceId', { description: 'The workspace (tenant) id.' }),
    name: t.exposeString('name', { description: "The operator's name for the workspace." }),
    displayName: t.exposeString('displayName', { nullable: true, description: 'What account holders see; name when null.' }),
    supportEmail: t.exposeString('supportEmail', {
      nullable: true,
      description: 'The support contact by email, shown to holders; null when not set.',
    }),
    supportUrl: t.exposeString('supportUrl', {
      nullable: true,
      description: 'The support contact as an https page, shown to holders; null when not set.',
    }),
    sandbox: t.exposeBoolean('sandbox', { description: 'Sandbox workspaces may run simulations.' }),
    documentRetentionDays: t.exposeInt('documentRetentionDays', {
      nullable: true,
      description: 'Days the documents of rejected verifications are kept (null: forever).',
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When the workspace was created.', resolve: (w) => w.createdAt }),
    logo: t.field({
      type: WorkspaceLogo,
      nullable: true,
      description: 'The logo on its verification pages; null when none.',
      resolve: (w) => w.logo,
    }),
  }),
});

builder.queryField('workspace', (t) =>
  t.field({
    type: Workspace,
    description: "Your workspace's settings: name, display name, support contact, sandbox flag, logo.",
    resolve: async (_root, _args, ctx) => getWorkspace(await ctx.core()),
  }),
);

builder.mutationField('updateWorkspace', (t) =>
  t.field({
    type: Workspace,
    description:
      "Sets what account holders see (the display name and the support contact) and the retention of rejected verifications' documents. An argument left out stays as it is; null clears it. Admins and API keys.",
    args: {
      displayName: t.arg.string({
        required: false,
        description:
          'The name account holders see on the verification page: 1-100 characters once trimmed, no control characters; null clears it (the page then shows the name).',
      }),
      documentRetentionDays: t.arg.int({
        required: false,
        description: 'Days (1-3650) the documents of rejected verifications are kept; null keeps them forever.',
      }),
      supportEmail: t.arg.string({ required: false, description: 'Where holders write for help (an email address); null clears it.' }),
      supportUrl: t.arg.string({ required: false, description: 'A help page for holders (https://); null clears it.' }),
    },
    // Left out and null differ: only the arguments given reach the core (REST's PATCH semantics).
    resolve: async (_root, args, ctx) =>
      updateWorkspace(await ctx.core(), Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined))),
  }),
);
