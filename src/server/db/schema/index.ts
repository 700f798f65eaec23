export * from './auth';
export * from './profiles';
export * from './contact';
export * from './characters';
export * from './conversations';
export * from './credits';
export * from './billing';
export * from './themes';
