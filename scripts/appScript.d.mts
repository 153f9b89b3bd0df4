// Types of appScript.mjs, for its test.
export const IMPORT_META_URL: string;
export function wrapProgram(code: string, expected: readonly string[]): string;
