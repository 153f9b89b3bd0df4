// errDlt of real servers echoes the token ("jwt parse error, token=<jwt>"); nothing the server or
// the network says may reach the screen or a log before passing through here.

const MASK = '‹redacted›';
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
// A bare number after "token:" is not a credential: older servers write "header must have token: 1001 ArgsError".
const TOKEN_ASSIGNMENT = /(token\s*[=:]\s*)("?)(?!\d+(?![^\s",}]))[^\s",}]+/gi;

/** Removes the given secrets, anything shaped like a JWT, and any `token=...` value. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short values would mask ordinary words; a secret that short is masked by the patterns below or not at all.
    if (secret && secret.length >= 4) out = out.split(secret).join(MASK);
  }
  return out.replace(JWT, MASK).replace(TOKEN_ASSIGNMENT, `$1$2${MASK}`);
}
