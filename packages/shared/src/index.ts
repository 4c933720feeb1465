export * from './constants.ts';
export * from './money.ts';
export * from './reason.ts';
export * from './roles.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/inventory.ts';
