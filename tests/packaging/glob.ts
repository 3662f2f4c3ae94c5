/**
 * The subset of electron-builder's glob syntax its config uses here (`**`, `*`, `?`, `{a,b}`),
 * as a regular expression over forward-slash paths relative to the project. A pattern without a
 * slash matches the file name at any depth, as in electron-builder's file patterns.
 */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern.charAt(i);
    if (pattern.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (pattern.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') source += '(?:';
    else if (char === '}') source += ')';
    else if (char === ',') source += '|';
    else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(pattern.includes('/') ? `^${source}$` : `(?:^|/)${source}$`);
}

/** Whether any of the patterns matches the path. */
export function globMatches(patterns: readonly string[], file: string): boolean {
  return patterns.some((pattern) => globToRegExp(pattern).test(file));
}
