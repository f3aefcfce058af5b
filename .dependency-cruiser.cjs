/**
 * The layers, checked by `npm run check:layers` (part of `npm run check`):
 *   cli -> server -> rest | trpc | graphql | pages -> http -> core -> db
 * `pages/` is the HTML adapters (the landing page, /docs, the dashboard's shell and its session-cookie
 * downloads, the problem pages, the holder's verification pages): an adapter like rest, beside it.
 * `operator/` (the operator commands and the seed pipeline) serves both the CLI and the server's
 * operator socket, so it sits below server and above core. `http/` (what every HTTP adapter shares:
 * who a request is, the session cookie, the one CSP builder, download headers) sits below the
 * adapters and above core. `logging/` is a leaf; `config.ts` may use the core's pure parsers.
 * The dashboard (browser code) sees only the tRPC router's types and the core's pure facts (generated contract facts, the transaction catalog and status transitions).
 * Only the core, db itself and the composition root (src/server/deps.ts) import src/db (the seed's
 * bulk loader is a named exception, see the rule).
 * No cycles anywhere.
 */
const layer = (name, mayNotImport, comment) => ({
  name: `${name}-imports-upward`,
  comment,
  severity: 'error',
  from: { path: `^src/${name}/` },
  to: { path: mayNotImport },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes both modules one; split what they share into a module below both.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    layer('db', '^src/(core|rest|trpc|graphql|pages|server|cli|operator|dashboard)/', 'db is the bottom layer.'),
    layer(
      'core',
      '^src/(rest|trpc|graphql|pages|server|cli|operator|dashboard)/',
      'core is request-free: it knows no adapter, server or CLI.',
    ),
    layer('rest', '^src/(trpc|graphql|pages|server|cli|operator|dashboard)/', 'An adapter calls the core only.'),
    layer('trpc', '^src/(rest|graphql|pages|server|cli|operator|dashboard)/', 'An adapter calls the core only.'),
    layer('graphql', '^src/(rest|trpc|pages|server|cli|operator|dashboard)/', 'An adapter calls the core only.'),
    layer('pages', '^src/(rest|trpc|graphql|server|cli|operator|dashboard)/', 'An adapter (the HTML pages) calls the core and http only.'),
    layer(
      'operator',
      '^src/(rest|trpc|graphql|pages|server|cli|dashboard)/',
      'Operator commands run in the CLI and in the server: they use the core only.',
    ),
    layer('server', '^src/(cli|dashboard)/', 'The server is started by the CLI, never the other way round.'),
    layer(
      'http',
      '^src/(rest|trpc|graphql|pages|server|cli|operator|dashboard)/',
      'http (who a request is, the session cookie, CSP and download headers) serves every adapter: it uses the core only.',
    ),
    {
      name: 'db-only-from-core-and-root',
      comment:
        'Data access lives in the core: only src/core, src/db itself and the composition root (src/server/deps.ts, which opens ' +
        'the database and wires the core) import src/db, type-only imports included. Named exception: src/operator/seed/, ' +
        "the bulk loader of `fas seed`, drives the driver's COPY session itself (COPY FREEZE, dropping and re-creating " +
        "the indexes around the load, from worker threads): that SQL is about loading, not a business rule, and a port for it would be the COPY session's own interface again.",
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/(core|db)/', '^src/server/deps\\.ts$', '^src/operator/seed/'] },
      to: { path: '^src/db/' },
    },
    {
      name: 'core-context-sees-ports-only',
      comment:
        "The core's context and ports are what every use case imports: they name the ports' interfaces themselves (ports.ts), so they depend on no domain folder (only the leaf crypto/ for FieldCipher).",
      severity: 'error',
      from: { path: '^src/core/(context|ports)\\.ts$' },
      to: { path: '^src/core/(?!crypto/)[^/]+/' },
    },
    {
      name: 'core-webhooks-below-transactions',
      comment:
        'Transactions emit events (webhooks/events.ts); the webhooks never import transactions/, or the two folders are one. What both use sits below both (validation/, errors.ts).',
      severity: 'error',
      from: { path: '^src/core/webhooks/' },
      to: { path: '^src/core/transactions/' },
    },
    {
      name: 'defaults-is-a-leaf',
      comment: 'Every default once: a plain table that imports nothing of ours.',
      severity: 'error',
      from: { path: '^src/defaults\\.ts$' },
      to: { path: '^src/' },
    },
    layer('logging', '^src/(db|core|rest|trpc|graphql|server|cli|operator|dashboard)/', 'logging is a leaf.'),
    {
      name: 'dashboard-sees-types-and-facts-only',
      comment: "Browser code: the router types and the core's pure facts, nothing that reaches the database or Node.",
      severity: 'error',
      from: { path: '^src/dashboard/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/dashboard/',
          '^src/core/generated/contract-facts\\.ts$',
          '^src/core/transactions/(catalog|status-transitions)\\.ts$',
          '^src/trpc/router\\.ts$',
        ],
      },
    },
    {
      name: 'dashboard-router-types-only',
      comment: 'The dashboard imports the tRPC router for its types; a value import would bundle the server.',
      severity: 'error',
      from: { path: '^src/dashboard/' },
      to: { path: '^src/trpc/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'config-is-below-the-adapters',
      comment: "Configuration is read by the server and the CLI; it may use the core's pure parsers, nothing above.",
      severity: 'error',
      from: { path: '^src/config\\.ts$' },
      to: { path: '^src/(rest|trpc|graphql|server|cli|operator|dashboard|http)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/(db|core)/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
