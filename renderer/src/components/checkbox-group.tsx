interface CheckboxGroupProps<T extends string> {
  legend: string;
  choices: readonly T[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  label: (choice: T) => string;
  testId: (choice: T) => string;
  className: string;
}

/** `list` with `value` added (at the end) or removed. */
export function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  const without = list.filter((item) => item !== value);
  return on ? [...without, value] : without;
}

/** A fieldset of checkboxes choosing some of `choices`: the filters' "any of these" groups. */
export function CheckboxGroup<T extends string>(props: CheckboxGroupProps<T>) {
  const { selected, onChange } = props;
  return (
    <fieldset className={props.className}>
      <legend>{props.legend}</legend>
      {props.choices.map((choice) => (
        <label key={choice} className="checkbox">
          <input
            type="checkbox"
            checked={selected.includes(choice)}
            onChange={(event) => onChange(toggled(selected, choice, event.target.checked))}
            data-testid={props.testId(choice)}
          />
          {props.label(choice)}
        </label>
      ))}
    </fieldset>
  );
}
