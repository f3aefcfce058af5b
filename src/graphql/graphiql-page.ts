import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { contentSecurityPolicy, cspHash, inlineBodies } from '../http/csp.js';

// GraphiQL opens with this note: no token is stored by the page, the analyst pastes it.
const DEFAULT_QUERY = `# FAS GraphQL API for analysts.
#
# Authenticate in the "Headers" tab below the editor with your admin or analyst
# token (or an API key):
#
#   { "Authorization": "Bearer fas_at_..." }
#
# Nothing is sent before you run a query; the token stays in this browser tab.

query Overview {
  accounts(limit: 5) {
    total
    data { accountId email status }
  }
}
`;

let page: { html: string; csp: string } | undefined;

/**
 * On a phone GraphiQL keeps the editor and the answer side by side, leaving the answer about 40 px
 * wide: below 700 px they are stacked, the editor above the answer, each about half the height
 * (the resizing bar between them, a mouse tool, is hidden).
 */
const PHONE_CSS = `@media (max-width: 700px) {
  .graphiql-container .graphiql-sessions > div:not(.graphiql-session-header) { flex-direction: column; }
  .graphiql-container .graphiql-horizontal-drag-bar { display: none; }
  .graphiql-container .graphiql-editors, .graphiql-container .graphiql-response { flex: 1 1 50% !important; min-height: 0; min-width: 0; }
  .graphiql-container .graphiql-response { margin-top: 8px; }
}`;

/**
 * The rendered page has no viewport meta (a phone lays it out 980 px wide and shrinks it): it goes
 * at the top of its head, with the phone layout.
 */
function withHead(html: string): string {
  const extra = `<meta name="viewport" content="width=device-width, initial-scale=1"><style>${PHONE_CSS}</style>`;
  if (!/<head>/i.test(html)) throw new Error('GraphiQL page without <head>: cannot add the viewport meta');
  return html.replace(/<head>/i, (head) => `${head}${extra}`);
}

/**
 * The GraphiQL page, rendered once (its assets, ~9 MB, are inlined by
 * `@graphql-yoga/render-graphiql`, so nothing comes from a CDN). The inline script is pinned by
 * hash; Monaco injects styles and starts its workers from blob: URLs.
 */
export function graphiqlPage(): { html: string; csp: string } {
  if (page) return page;
  const html = withHead(
    renderGraphiQL({
      title: 'FAS GraphiQL',
      favicon: '/favicon.ico',
      defaultQuery: DEFAULT_QUERY,
      defaultEditorToolsVisibility: 'headers',
    }),
  );
  const csp = contentSecurityPolicy({
    script: inlineBodies(html, 'script').map(cspHash),
    style: ["'unsafe-inline'"],
    worker: ['blob:'],
  });
  page = { html, csp };
  return page;
}
