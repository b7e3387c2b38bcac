export { SessionProvider, useSession, SESSION_KEY } from './session';
export { SignInPage } from './sign-in-page';
export { RequireSession, IfAllowed } from './require';
