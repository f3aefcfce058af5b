import { useSyncExternalStore } from 'react';
import type { Zone } from './format.js';

/**
 * The time zone every date of the dashboard is shown in: one preference, chosen in the top bar (or
 * by applying the transactions filters with a zone), remembered in this browser (localStorage) and
 * shared by its open tabs. UTC until chosen otherwise.
 */
const KEY = 'fas.dashboard.zone';
const listeners = new Set<() => void>();

function read(): Zone {
  try {
    return localStorage.getItem(KEY) === 'local' ? 'local' : 'utc';
  } catch {
    return 'utc'; // storage refused (a privacy mode): UTC, as before
  }
}

export function setZone(zone: Zone): void {
  try {
    localStorage.setItem(KEY, zone);
  } catch {
    // not remembered, but still applied below for this page
  }
  for (const notify of listeners) notify();
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const fromOtherTab = (e: StorageEvent) => {
    if (e.key === KEY) notify();
  };
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The preferred zone; components using it draw again when it changes. */
export function useZone(): Zone {
  return useSyncExternalStore(subscribe, read, () => 'utc');
}
