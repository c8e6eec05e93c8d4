import './landing-theme';
import { leaveIfSignedIn } from './login-guard';

/**
 * The prerendered sign-in page's blocking script in <head>, so it runs before the first paint:
 * the saved theme (landing-theme), and the route's guard, which sends a signed-in admin to the
 * dashboard without showing the form. Until the page's own script (login-enhance, deferred) is
 * there, sending the form does nothing, as there is no form at all before the SPA has loaded.
 */
if (leaveIfSignedIn()) document.documentElement.style.visibility = 'hidden';
document.addEventListener('submit', (event) => event.preventDefault(), true);
