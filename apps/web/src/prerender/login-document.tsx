import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import * as touchRipple from '@mui/material/ButtonBase/TouchRipple';
import { touchRippleClasses } from '@mui/material/ButtonBase';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { ToastContainer } from 'react-toastify';
import { messages } from '@app/shared';
import { LoginRoute } from '@/app/routes/login';
import { ToastStyles } from '@/app/toast-styles';
import type { ResolvedMode } from '@/app/theme';
import { createAppStore } from '@/lib/store';
import { TOAST_OPTIONS } from '@/lib/toast-options';
import { HIDE_ICON_TEMPLATE_ID } from './login-document-ids';
import type { LoginTexts } from './login-texts';
import { mergeRenders } from './merge-renders';
import { renderPage } from './render-page';
import { RIPPLE_TEMPLATE_ID } from './ripple';

// MUI's TouchRipple parts, which its typings leave out: the ripple root and one ripple.
const { TouchRippleRoot, TouchRippleRipple } = touchRipple as unknown as {
  TouchRippleRoot: ComponentType<{ className: string; children: ReactNode }>;
  TouchRippleRipple: ComponentType<{
    classes: Record<string, string>;
    rippleX: number;
    rippleY: number;
    rippleSize: number;
    in: boolean;
    timeout: number;
  }>;
};

/** A ripple as MUI's TouchRipple renders one, for the page's script to copy (see ripple.ts). */
function RippleModel() {
  const c = touchRippleClasses;
  return (
    <TouchRippleRoot className={c.root}>
      <TouchRippleRipple
        classes={{
          ripple: c.ripple,
          rippleVisible: c.rippleVisible,
          ripplePulsate: c.ripplePulsate,
          child: c.child,
          childLeaving: c.childLeaving,
          childPulsate: c.childPulsate,
        }}
        rippleX={0}
        rippleY={0}
        rippleSize={0}
        in
        timeout={550}
      />
    </TouchRippleRoot>
  );
}

function render(mode: ResolvedMode, raised: boolean) {
  return renderPage(
    mode,
    raised,
    <>
      {/* The route as the app renders it: inside the store (a fresh one, signed out) and the router. */}
      <Provider store={createAppStore()}>
        <StaticRouter location="/login">
          <LoginRoute />
        </StaticRouter>
      </Provider>
      {/* The app's toast container (app/provider.tsx), which the page's toaster fills. */}
      <ToastStyles />
      <ToastContainer {...TOAST_OPTIONS} theme={mode} />
      <template id={HIDE_ICON_TEMPLATE_ID}>
        <VisibilityOff />
      </template>
      <template id={RIPPLE_TEMPLATE_ID}>
        <RippleModel />
      </template>
    </>,
  );
}

// React 19 hoists a component's <title> to the front of the markup.
const TITLE = /^<title>([^<]*)<\/title>/;

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** The catalogue's texts the page's script shows (login-texts.ts). */
export function loginTexts(): LoginTexts {
  const { login, auth, common } = messages;
  return {
    invalidEmail: login.invalidEmail,
    passwordMin: login.passwordMin,
    submit: login.submit,
    busy: login.busy,
    showPassword: common.showPassword,
    hidePassword: common.hidePassword,
    loggedIn: auth.loggedIn,
    loginFailed: auth.loginFailed,
  };
}

/**
 * The sign-in page (SPEC.md §2 Sign in) as static markup and CSS, rendered from the real
 * `/login` route in both themes; scripts/prerender.mjs writes it into dist/login.html at build
 * time and login-enhance.ts gives it the React form's behaviour.
 */
export function prerenderLogin(): { title: string; html: string; css: string; texts: LoginTexts } {
  let title = '';
  const withoutTitle = (mode: ResolvedMode, raised: boolean) => {
    const page = render(mode, raised);
    const match = TITLE.exec(page.html);
    if (!match?.[1]) throw new Error('The sign-in route rendered no <title>');
    title = decode(match[1]);
    return { ...page, html: page.html.slice(match[0].length) };
  };
  const { html, css } = mergeRenders({
    light: withoutTitle('light', false),
    dark: withoutTitle('dark', false),
    raisedLight: withoutTitle('light', true),
    raisedDark: withoutTitle('dark', true),
  });
  // Without a script the browser would send the form as a GET, the password in the address:
  // a POST sends it nowhere it can be seen (the page's script sends it to the API instead).
  const forms = html.match(/<form\b/g)?.length ?? 0;
  if (forms !== 1) throw new Error(`The sign-in page has ${forms} forms, not one`);
  return { title, html: html.replace('<form', '<form method="post"'), css, texts: loginTexts() };
}
