import type { Outputs } from '../trpc.js';
import { shortId } from './values.js';

type Actor = Outputs['transactions']['get']['statusHistory'][number]['actor'];

/** Who made a change, in words: the API key by name (its id shortened), the person and role, or the system. */
export function ActorName({ actor }: { actor: Actor }) {
  if (!actor) return <span className="muted">not recorded</span>;
  if (actor.kind === 'person') {
    return (
      <span className="actor">
        {actor.email} ({actor.role})
      </span>
    );
  }
  if (actor.kind === 'system') return <span className="actor">the system (CLI or worker)</span>;
  const name = actor.apiKeyName ? `API key “${actor.apiKeyName}”` : 'an API key';
  return (
    <span className="actor">
      {name}
      {actor.apiKeyId ? (
        <>
          {' '}
          <code title={actor.apiKeyId}>{shortId(actor.apiKeyId)}</code>
        </>
      ) : null}
    </span>
  );
}
