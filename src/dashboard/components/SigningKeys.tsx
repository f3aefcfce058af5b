import type { UseQueryResult } from '@tanstack/react-query';
import type { Outputs } from '../trpc.js';
import { Section } from './layout.js';
import { ListTable } from './tables.js';
import { DateTime, StatusBadge } from './values.js';

/** The workspace's webhook signing keys, with where receivers find the public ones. */
export function SigningKeys({ query }: { query: UseQueryResult<Outputs['signingKeys']['list'], unknown> }) {
  return (
    <Section id="keys" title="Signing keys">
      <p className="muted">
        Receivers verify each delivery with the public keys of the <a href="/.well-known/jwks.json">JWKS</a>. Rotation:{' '}
        <code>fas keys rotate</code>.
      </p>
      <ListTable
        query={query}
        label="Signing keys"
        rowKey={(k) => k.kid}
        columns={[
          { header: 'Key id', cell: (k) => <code className="wrap-anywhere">{k.kid}</code>, primary: true },
          { header: 'State', cell: (k) => <StatusBadge status={k.state} /> },
          { header: 'Signs from', cell: (k) => <DateTime iso={k.activatesAt} /> },
          { header: 'Retires', cell: (k) => <DateTime iso={k.retiresAt} /> },
        ]}
      />
    </Section>
  );
}
