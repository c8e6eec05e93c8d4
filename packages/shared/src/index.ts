export * from './messages';
export * from './common/constants';
export * from './common/envelope';
export * from './common/fields';
export * from './auth/auth.schema';
export * from './profile/profile.schema';
export * from './notifications/notification.schema';
