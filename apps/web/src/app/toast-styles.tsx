import GlobalStyles from '@mui/material/GlobalStyles';

/** Toasts speak in the app's type and surfaces rather than react-toastify's defaults. */
export function ToastStyles() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        ':root': {
          '--toastify-font-family': theme.typography.fontFamily,
          '--toastify-color-dark': theme.vars.palette.background.paper,
          '--toastify-toast-bd-radius': `${theme.shape.borderRadius}px`,
        },
      })}
    />
  );
}
