/**
 * The password of every account the test-data factory seeds (factory.ts): its real hash is made
 * once per run (setup-server.ts), so signing in with it works as after a real sign-up. It is the
 * one the HTTP sign-ups of the tests use too.
 */
export const seedPassword = 'Passw0rd!';
