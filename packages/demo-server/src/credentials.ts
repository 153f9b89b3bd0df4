// What a client needs to log in to the demo (share.yml's default secret and admin user). Apart
// from well-known.ts, which pulls in the data's generators: the explorer's thread needs only these
// two to start the demo on its worker (embedded.ts), not the server the worker runs.
export const DEMO_CREDENTIALS = {
  secret: 'openIM123',
  adminUserID: 'imAdmin',
} as const;
