// The house style as it was written by hand before the formatter: single quotes,
// semicolons, trailing commas, two spaces. Lines run long: 99% of them fit in 154
// characters, so 160 wraps only the outliers (mostly long messages and help text, which
// stay on one line anyway since Prettier never splits a string).
/** @type {import('prettier').Config} */
export default {
  printWidth: 160,
  singleQuote: true,
  semi: true,
  trailingComma: 'all',
  tabWidth: 2,
  arrowParens: 'always',
  endOfLine: 'lf',
};
