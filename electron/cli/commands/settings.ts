import { boundedNumber, parseCommandLine } from '../flags';
import { ZodError } from 'zod';
import { settingBounds } from '../../../shared/settings-bounds';
import { settingKeys, settingsSchema, type SettingKey } from '../../../shared/settings';
import { settingsRepo } from '../../core/store/settings.repo';
import { alignColumns } from '../columns';
import { shown } from '../escape-text';
import type { Command } from '../command';
import { dataDirFrom, openCliHistory } from '../history';
import { UsageError, exitCodes, type Io } from '../io';

const options = { 'data-dir': { type: 'string' }, json: { type: 'boolean' } } as const;

const defaults = settingsSchema.parse({});

/**
 * The value of `key` typed as `text`. A number is read as the app's fields and every flag read it
 * (`boundedNumber`): `1.000` (a thousand to a Portuguese reader) is named as written with a
 * thousands separator, where `Number` made it 1 day and the next command purged every batch older
 * than that; `0x10` and `1e2` are refused too. Only ratePerSecond may be cleared (`none`); the
 * schema says so.
 */
function valueFrom(key: SettingKey, text: string): unknown {
  if (text === 'null' || text === 'none') return null;
  if (key in settingBounds)
    return boundedNumber(text, key, settingBounds[key as keyof typeof settingBounds]);
  if (typeof defaults[key] === 'boolean') {
    if (text !== 'true' && text !== 'false')
      throw new UsageError(`${key} takes true or false, not '${shown(text)}'.`);
    return text === 'true';
  }
  return text;
}

export const settingsCommand: Command = {
  name: 'settings',
  options,
  summary: 'show or change the settings shared with the app',
  usage: `dcdesk settings [--json] [--data-dir DIR]
       dcdesk settings set KEY VALUE [--json] [--data-dir DIR]

--json prints one object with every key below and its value (after a set, the new values).

Keys: ${settingKeys.join(', ')}. 'none' clears ratePerSecond.
A number is written in digits, with one decimal mark and no thousands separator (1000, 2.5, 2,5);
tourDismissed takes true or false.`,
  async run(argv: string[], io: Io) {
    const { values, positionals } = parseCommandLine({
      args: argv,
      options,
      strict: true,
      allowPositionals: true,
    });
    const [action, key, value] = positionals;
    if (
      action !== undefined &&
      (action !== 'set' || key === undefined || value === undefined || positionals.length > 3)
    ) {
      throw new UsageError('Use: dcdesk settings, or dcdesk settings set KEY VALUE.');
    }
    if (key !== undefined && !(settingKeys as string[]).includes(key)) {
      throw new UsageError(`Unknown setting '${key}'. Keys: ${settingKeys.join(', ')}.`);
    }
    const history = await openCliHistory(dataDirFrom(values['data-dir'], io), io);
    try {
      const repo = settingsRepo(history.db);
      let settings = repo.read();
      if (key !== undefined && value !== undefined) {
        try {
          settings = repo.write({ [key as SettingKey]: valueFrom(key as SettingKey, value) });
        } catch (caught) {
          if (caught instanceof ZodError)
            throw new UsageError(`${key}: ${caught.issues[0]?.message ?? 'invalid value'}.`);
          throw caught;
        }
      }
      if (values.json) {
        io.out(
          JSON.stringify(Object.fromEntries(settingKeys.map((name) => [name, settings[name]]))),
        );
        return exitCodes.ok;
      }
      const rows = settingKeys.map((name) => [name, JSON.stringify(settings[name])]);
      for (const line of alignColumns(rows)) io.out(line);
      return exitCodes.ok;
    } finally {
      history.close();
    }
  },
};
