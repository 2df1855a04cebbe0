// Reading a file the user picked as text, refusing what is not: a binary file dropped into a
// text box makes the browser lay out a megabyte of odd glyphs, a task of a second or more.

/** Whether byte `b` is a control character text does not hold: C0 controls other than tab,
 * new line, form feed and carriage return, and DEL. UTF-8 never uses these bytes inside a
 * character, so they can be looked for in the bytes. */
const isControl = (/** @type {number} */ b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f;

/**
 * The text of `file` (a BOM is skipped), or an Error saying why it is not text, worded to
 * follow the file's name: it is not UTF-8, or it holds a NUL or another control character.
 * Check the file's size before calling: this reads the whole file (fast: decoding a megabyte
 * takes milliseconds; showing it is what is slow).
 * @param {Blob & {name: string}} file
 * @returns {Promise<string>}
 */
export async function readTextFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('it is not a text file (not UTF-8)');
  }
  const at = bytes.findIndex(isControl);
  if (at >= 0) throw new Error(`it is not a text file (it holds the control byte 0x${bytes[at].toString(16).padStart(2, '0')})`);
  return text;
}
