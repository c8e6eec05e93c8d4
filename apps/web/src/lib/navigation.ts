/**
 * Lets code outside React (the API client's 401 handler) navigate with the app's router.
 * The router registers itself at start-up; until then a full page load does the job.
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function redirectTo(to: string): void {
  navigate(to);
}
