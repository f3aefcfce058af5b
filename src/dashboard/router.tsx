import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from 'react';

export const BASE = '/dashboard';
const EVENT = 'fas:navigate';

// Whether the person moved within the app since it loaded (pages then move focus to their h1).
let navigated = false;
window.addEventListener('popstate', () => {
  navigated = true;
});
export const hasNavigated = () => navigated;

function current() {
  return { path: window.location.pathname.replace(/\/+$/, '') || '/', search: window.location.search };
}

/** The location, re-rendered on links, back/forward and `navigate`. */
export function useLocation() {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const on = () => setLoc(current());
    window.addEventListener('popstate', on);
    window.addEventListener(EVENT, on);
    return () => {
      window.removeEventListener('popstate', on);
      window.removeEventListener(EVENT, on);
    };
  }, []);
  return loc;
}

export function navigate(to: string) {
  navigated = true;
  window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(EVENT));
}

/** The URL's query as a plain object: filters use the REST parameter names. */
export function useSearch(): Record<string, string> {
  const { search } = useLocation();
  return Object.fromEntries(new URLSearchParams(search));
}

/** Navigates to `path` with these query values (empty ones dropped). */
export function withQuery(path: string, values: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function Link({ to, children, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
