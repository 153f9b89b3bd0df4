// zod's messages in English, for every schema of the project. The schemas use zod/mini rather than
// zod's classic API: the same parser (zod/v4/core) without the methods classic binds onto every
// schema, and only what is used ends up in the bundle. A scripting command that printed one page
// spent a third of its run loading 192 KB of classic zod and building its schemas. Mini has no
// locale by default (messages would read "Invalid input"): import this module with the schemas.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());
