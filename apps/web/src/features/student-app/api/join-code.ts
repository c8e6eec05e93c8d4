/**
 * The joining code from the link the desk's QR carries, `/student/join#code=K7QH-3MZP`: in the
 * fragment, which the browser never sends, so the code stays out of every server's and proxy's log.
 */
export function codeFromHash(hash: string): string | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const code = params.get('code')?.trim();
  return code ? code : undefined;
}

/** Whether a typed code can be one (8 letters or digits once spaces and dashes go); the server checks the rest. */
export function looksLikeCode(code: string): boolean {
  return /^[0-9A-Za-z]{8}$/.test(code.replace(/[\s-]/g, ''));
}
