/** C0 controls and DEL: never meaningful in a name a person typed or a file name shown to people. */
export const isControlChar = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

export const stripControlChars = (s: string) => [...s].filter((c) => !isControlChar(c)).join('');
