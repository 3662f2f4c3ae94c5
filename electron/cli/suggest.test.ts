import { describe, expect, it } from 'vitest';
import { describeArgumentError, editDistance, nearest, unknownOptionOf } from './suggest';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps as one edit each', () => {
    expect(editDistance('bulk', 'bulk')).toBe(0);
    expect(editDistance('bulks', 'bulk')).toBe(1);
    expect(editDistance('blk', 'bulk')).toBe(1);
    expect(editDistance('bulc', 'bulk')).toBe(1);
    expect(editDistance('bluk', 'bulk')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('nearest', () => {
  const commands = ['sandbox', 'credentials', 'auth', 'lookup', 'bulk', 'batches', 'upload'];

  it('finds the command meant by a typo', () => {
    expect(nearest('bulks', commands)).toBe('bulk');
    expect(nearest('batchs', commands)).toBe('batches');
    expect(nearest('UPLOAD', commands)).toBe('upload');
    expect(nearest('credentails', commands)).toBe('credentials');
  });

  it('offers nothing when no candidate is close', () => {
    expect(nearest('x', commands)).toBeNull();
    expect(nearest('deploy', commands)).toBeNull();
    expect(nearest('ab', commands)).toBeNull();
  });

  it('takes an unambiguous abbreviation of three letters or more', () => {
    expect(nearest('--conc', ['--concurrency', '--output'])).toBe('--concurrency');
  });

  it('finds the option meant by a typo', () => {
    expect(nearest('--concurency', ['--concurrency', '--output', '--rate'])).toBe('--concurrency');
    expect(nearest('--ouptut', ['--concurrency', '--output', '--rate'])).toBe('--output');
  });
});

describe('unknownOptionOf', () => {
  it("reads the option out of node's parser message", () => {
    expect(
      unknownOptionOf(
        "Unknown option '--concurency'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--concurency\"",
      ),
    ).toBe('--concurency');
    expect(unknownOptionOf('Option --output <value> argument missing')).toBeNull();
  });
});

describe('describeArgumentError', () => {
  const options = ['--output', '--concurrency'];

  it("names no option the command lacks, even one another command's help mentions", () => {
    expect(
      describeArgumentError('ERR_PARSE_ARGS_UNKNOWN_OPTION', "Unknown option '--resume'", options),
    ).toBe("unknown option '--resume'.");
  });

  it('names the unknown option and the one of the command it probably meant', () => {
    expect(
      describeArgumentError(
        'ERR_PARSE_ARGS_UNKNOWN_OPTION',
        "Unknown option '--concurency'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--concurency\"",
        options,
      ),
    ).toBe("unknown option '--concurency'; did you mean '--concurrency'?");
    expect(
      describeArgumentError('ERR_PARSE_ARGS_UNKNOWN_OPTION', "Unknown option '-z'", options),
    ).toBe("unknown option '-z'.");
  });

  it('says which option lacks or refuses a value, with balanced quotes', () => {
    expect(
      describeArgumentError(
        'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
        "Option '--output <value>' argument missing",
        options,
      ),
    ).toBe('--output needs a value.');
    expect(
      describeArgumentError(
        'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
        "Option '--json' does not take an argument",
        options,
      ),
    ).toBe('--json takes no value.');
    expect(
      describeArgumentError(
        'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL',
        "Unexpected argument 'x'. This command does not take positional arguments",
        options,
      ),
    ).toBe("unexpected argument 'x': this command takes none.");
  });
});

describe('describeArgumentError with a short alias', () => {
  it('names the long option', () => {
    expect(
      describeArgumentError(
        'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
        "Option '-o, --output <value>' argument missing",
        [],
      ),
    ).toBe('--output needs a value.');
  });
});
