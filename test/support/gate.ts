/**
 * A promise a test opens by hand: `opened` settles once `open()` is called. For holding a
 * transaction, a query or an answer at a known point until the test has set up what must wait.
 */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}
