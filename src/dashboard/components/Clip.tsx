import type { ReactNode } from 'react';
import { CopyButton } from './values.js';

/** Longer than this, a value gets a copy button beside it (it is likely cut). */
const COPY_FROM = 24;

/**
 * A free-text value in a table (an email, a name, a description): one line, cut with an ellipsis
 * at the column's width so one long value cannot push the row's other columns and actions off
 * screen; the whole value shows on hover (title) and on keyboard focus (the line unfolds), and a
 * long one has a copy button. `link`: the value links there (the link takes the focus).
 */
export function Clip({ text, label, link }: { text: string; label: string; link?: (text: string) => ReactNode }) {
  return (
    <span className="clip">
      {link ? (
        <span className="clip-text" title={text}>
          {link(text)}
        </span>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focus unfolds a cut value for keyboard readers
        <span className="clip-text" title={text} tabIndex={0}>
          {text}
        </span>
      )}
      {text.length > COPY_FROM ? <CopyButton text={text} label={`Copy ${label}`} /> : null}
    </span>
  );
}
