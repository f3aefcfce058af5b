import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { friendlyError } from '../errors.js';
import { useTRPC } from '../trpc.js';

/** The token is sent once and exchanged for an HttpOnly cookie; the page never stores it. */
export function SignIn({ notice }: { notice?: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [token, setToken] = useState('');
  const signIn = useMutation(
    trpc.session.signIn.mutationOptions({
      onSuccess: () => {
        setToken('');
        qc.invalidateQueries();
      },
    }),
  );
  useEffect(() => {
    document.title = 'Sign in · FAS dashboard';
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ token });
  };
  return (
    <main className="signin">
      <h1>Sign in to the FAS dashboard</h1>
      {notice ? <p className="muted">{notice}</p> : null}
      <form onSubmit={submit}>
        <label htmlFor="token">Admin or analyst token</label>
        <input
          id="token"
          name="token"
          type="password"
          autoComplete="off"
          required
          placeholder="fas_at_..."
          value={token}
          onChange={(e) => setToken(e.target.value)}
          aria-describedby="token-help"
        />
        <p id="token-help" className="muted">
          The token printed by <code>npm start</code> (or <code>fas workspace create</code>). It is exchanged for a session cookie and not
          kept by this page.
        </p>
        <button type="submit" disabled={signIn.isPending}>
          Sign in
        </button>
      </form>
      {signIn.error ? (
        <div role="alert" className="error">
          {friendlyError(signIn.error).code === 'UNAUTHENTICATED'
            ? 'This token is not valid (or it was revoked).'
            : friendlyError(signIn.error).title}
        </div>
      ) : null}
    </main>
  );
}
