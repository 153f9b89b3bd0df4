// An app module a patch imports, named from the project's root; patchInk (ink-patches.mjs) writes
// it as a path relative to the patched file, so that no absolute path of a checkout ends up in a
// patched module.
/** The quoted import specifier a patch's `replace` uses for `src/...` of this project. */
export const appModule = (fromRoot) => JSON.stringify(`@oie-app/${fromRoot}`);
