/** The TypeORM CLI's conventional entry; the scripts in package.json load its compiled twin from dist/. */
export { default } from './src/database/data-source';
