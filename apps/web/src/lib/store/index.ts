import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { baseApi } from '../api-client';
import { readSession } from '../session';
import { authSlice, initialAuthState } from './auth-slice';
import { notificationSlice } from './notification-slice';
import { saveTheme, setTheme, themeSlice, toggleTheme } from './theme-slice';

const rootReducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [themeSlice.name]: themeSlice.reducer,
  [notificationSlice.name]: notificationSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds the store. The signed-in state starts from the stored session so a reload
 * keeps the admin signed in; tests build a fresh store per case.
 */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const session = readSession();
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(toggleTheme, setTheme),
    effect: (_action, api) => saveTheme((api.getState() as RootState).theme.mode),
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: session ? { status: true, userData: session } : initialAuthState,
      ...preloadedState,
    },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
