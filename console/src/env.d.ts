// Stylesheets are bundled by Vite; importing one yields nothing to TypeScript.
declare module '*.css';
