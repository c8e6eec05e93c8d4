export * from './libraries';
