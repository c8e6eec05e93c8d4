export * from './libraries';
export * from './students';
export * from './areas';
export * from './subscriptions';
export * from './notifications';
export * from './system';
export * from './money';
