export * from './settings';
export * from './catalog';
export * from './content';
export * from './accounts';
export * from './auth';
export * from './staff';
export * from './menus';
export * from './cart';
