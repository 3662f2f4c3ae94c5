import { describe, expect, it } from 'vitest';
import { resultFilterSchema } from '../../../../../shared/contract/results';
import { reviewOutcomes } from '../../../../../shared/domain/types';
import { toggled } from '../../../components/checkbox-group';
import {
  ariaSort,
  emptyFilterForm,
  insightCode,
  invalidFields,
  nextSort,
  outcomeChoices,
  toResultFilter,
  type FilterForm,
} from './query-state';

const form = (patch: Partial<FilterForm>): FilterForm => ({ ...emptyFilterForm, ...patch });

describe('insightCode', () => {
  it('takes a code as an analyst types it: any case, spaces or a stray comma around it', () => {
    for (const typed of ['DEV0003', ' dev0003 ', 'DEV0003,', ',dev0003;', 'Dev0003 , '])
      expect(insightCode(typed)).toEqual({ ok: true, code: 'DEV0003' });
    expect(insightCode('  ')).toEqual({ ok: true, code: null });
  });

  it('says why it cannot use several codes or what is not a code', () => {
    for (const typed of ['DEV0003 GER0001', 'dev0003,ger0001', 'DEV0003; GER0001'])
      expect(insightCode(typed)).toEqual({ ok: false, problem: 'several' });
    for (const typed of ['dev-0003', 'DEV 3-', 'DEV0003!', 'A'.repeat(17)])
      expect(insightCode(typed)).toEqual({ ok: false, problem: 'format' });
  });
});

describe('toResultFilter', () => {
  it('filters on a code typed with a trailing comma, as on the code itself', () => {
    expect(toResultFilter(form({ insight: 'dev0003,' }))).toEqual({ insight: 'DEV0003' });
  });

  it('leaves out what the analyst did not set', () => {
    expect(toResultFilter(emptyFilterForm)).toEqual({});
  });

  it('reads decimals in either notation and upper-cases the insight code', () => {
    expect(
      toResultFilter(
        form({
          statuses: ['ok', 'failed'],
          risks: ['high'],
          scoreMin: '0,25',
          scoreMax: '.9',
          alertMin: '2',
          insight: ' dev0003 ',
        }),
      ),
    ).toEqual({
      statuses: ['failed', 'ok'],
      risks: ['high'],
      scoreMin: 0.25,
      scoreMax: 0.9,
      alertMin: 2,
      insight: 'DEV0003',
    });
  });

  it('passes the review states, sorted so equal choices make equal query keys', () => {
    const states = form({ outcomes: ['Fraude Confirmada', 'none', 'Device Positivado'] });
    expect(toResultFilter(states)).toEqual({
      outcomes: ['Device Positivado', 'Fraude Confirmada', 'none'],
    });
    expect(toResultFilter(form({ outcomes: [] }))).toEqual({});
  });

  it('marks and ignores values out of range', () => {
    const bad = form({ scoreMin: '1.5', scoreMax: 'abc', alertMin: '-1', insight: 'DEV 3' });
    expect([...invalidFields(bad)].sort()).toEqual(['alertMin', 'insight', 'scoreMax', 'scoreMin']);
    expect(toResultFilter(bad)).toEqual({});
    const crossed = form({ scoreMin: '0.8', scoreMax: '0.2' });
    expect([...invalidFields(crossed)]).toEqual(['scoreMax']);
    expect(toResultFilter(crossed)).toEqual({ scoreMin: 0.8 });
  });
});

describe('toggled', () => {
  it('adds and removes a choice once', () => {
    expect(toggled(['ok'], 'failed', true)).toEqual(['ok', 'failed']);
    expect(toggled(['ok', 'failed'], 'ok', false)).toEqual(['failed']);
    expect(toggled(['ok'], 'ok', true)).toEqual(['ok']);
  });
});

describe('sorting', () => {
  it('flips the direction of the same column and starts another ascending', () => {
    const byScore = nextSort({ column: 'row', direction: 'asc' }, 'score');
    expect(byScore).toEqual({ column: 'score', direction: 'asc' });
    expect(nextSort(byScore, 'score')).toEqual({ column: 'score', direction: 'desc' });
    expect(ariaSort(byScore, 'score')).toBe('ascending');
    expect(ariaSort(byScore, 'row')).toBe('none');
  });
});

describe('the review-state filter', () => {
  it('offers every state an analyst can set, Legítima included, and "not reviewed"', () => {
    expect([...outcomeChoices].sort()).toEqual(['none', ...reviewOutcomes].sort());
  });

  it('sends the core a filter it accepts, however many states are checked', () => {
    for (const chosen of [['Legítima'], outcomeChoices] as const) {
      const filter = toResultFilter(form({ outcomes: [...chosen] }));
      expect(resultFilterSchema.safeParse(filter).success).toBe(true);
    }
  });
});
