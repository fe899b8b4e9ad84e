import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  ChoiceGroup,
  CountedTextArea,
  NumberInput,
  RangeInput,
  SearchBox,
  SwitchButton,
} from './plain-controls';

const Number_ = ({ onChange }: { onChange: (n: number) => void }) => {
  const [value, setValue] = useState<number | null>(0.75);
  return (
    <NumberInput
      aria-label="结构还原度"
      min={0}
      max={1}
      step={0.05}
      value={value}
      onChange={(n) => {
        setValue(n);
        onChange(n);
      }}
    />
  );
};

describe('NumberInput', () => {
  it('passes on a number within the limits as it is typed', () => {
    const onChange = vi.fn();
    render(<Number_ onChange={onChange} />);
    const box = screen.getByRole('spinbutton', { name: '结构还原度' });
    fireEvent.change(box, { target: { value: '0.5' } });
    expect(onChange).toHaveBeenLastCalledWith(0.5);
    expect(box).toHaveValue(0.5);
  });

  it('clamps a number past the limits when the box is left, not while typing', () => {
    const onChange = vi.fn();
    render(<Number_ onChange={onChange} />);
    const box = screen.getByRole('spinbutton');
    fireEvent.change(box, { target: { value: '3' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(box).toHaveValue(3);
    fireEvent.blur(box);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(box).toHaveValue(1);
  });

  it('puts the last good value back when what is left is not a number', () => {
    const onChange = vi.fn();
    render(<Number_ onChange={onChange} />);
    const box = screen.getByRole('spinbutton');
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.blur(box);
    expect(onChange).not.toHaveBeenCalled();
    expect(box).toHaveValue(0.75);
  });

  it('takes a clamped value on Enter', () => {
    const onChange = vi.fn();
    render(<Number_ onChange={onChange} />);
    const box = screen.getByRole('spinbutton');
    fireEvent.change(box, { target: { value: '-2' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(0);
  });
});

describe('RangeInput', () => {
  it('fills the rail up to the handle and passes values rounded to the step', () => {
    const onChange = vi.fn();
    render(
      <RangeInput aria-label="强度" min={0} max={2} step={0.1} value={0.5} onChange={onChange} />,
    );
    const slider = screen.getByRole('slider', { name: '强度' });
    expect(slider.style.getPropertyValue('--hj-range-fill')).toBe('25%');
    fireEvent.change(slider, { target: { value: '0.30000000000000004' } });
    expect(onChange).toHaveBeenLastCalledWith(0.3);
  });
});

describe('ChoiceGroup', () => {
  const Choice = () => {
    const [value, setValue] = useState('b');
    return (
      <>
        <span id="label">比例</span>
        <ChoiceGroup
          aria-labelledby="label"
          value={value}
          onChange={setValue}
          options={[
            { value: 'a', label: '1:1' },
            { value: 'b', label: '4:3' },
            { value: 'c', label: '16:9' },
          ]}
        />
      </>
    );
  };

  it('is a radio group: one choice checked, clicks and arrow keys move it', () => {
    render(<Choice />);
    const group = screen.getByRole('radiogroup', { name: '比例' });
    expect(group).toBeInTheDocument();
    const checked = () => screen.getByRole('radio', { checked: true }).textContent;
    expect(checked()).toBe('4:3');
    expect(screen.getByRole('radio', { name: '4:3' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('radio', { name: '1:1' })).toHaveAttribute('tabindex', '-1');
    fireEvent.click(screen.getByRole('radio', { name: '16:9' }));
    expect(checked()).toBe('16:9');
    fireEvent.keyDown(screen.getByRole('radio', { name: '16:9' }), { key: 'ArrowRight' });
    expect(checked()).toBe('1:1');
    expect(screen.getByRole('radio', { name: '1:1' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('radio', { name: '1:1' }), { key: 'ArrowLeft' });
    expect(checked()).toBe('16:9');
  });
});

describe('SwitchButton', () => {
  it('is a switch that turns on and off', () => {
    const Toggle = () => {
      const [on, setOn] = useState(false);
      return (
        <>
          <label htmlFor="s">高清</label>
          <SwitchButton id="s" checked={on} onChange={setOn} />
        </>
      );
    };
    render(<Toggle />);
    const toggle = screen.getByRole('switch', { name: '高清' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
  });
});

describe('CountedTextArea', () => {
  it('counts the words against the limit, which the box enforces', () => {
    const Box = () => {
      const [text, setText] = useState('');
      return (
        <>
          <label htmlFor="p">提示词</label>
          <CountedTextArea
            id="p"
            value={text}
            onChange={setText}
            minRows={3}
            maxRows={8}
            maxLength={1000}
          />
        </>
      );
    };
    render(<Box />);
    const box = screen.getByRole('textbox', { name: '提示词' });
    expect(box).toHaveAttribute('maxlength', '1000');
    expect(box).toHaveAttribute('rows', '3');
    expect(screen.getByText('0 / 1000')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '奶油风客厅' } });
    expect(screen.getByText('5 / 1000')).toBeInTheDocument();
  });
});

describe('SearchBox', () => {
  it('offers a clear button once something is typed; it and Escape empty the box', () => {
    const Search = () => {
      const [q, setQ] = useState('');
      return <SearchBox aria-label="搜索" clearLabel="清除搜索" value={q} onChange={setQ} />;
    };
    render(<Search />);
    const box = screen.getByRole('textbox', { name: '搜索' });
    expect(screen.queryByRole('button', { name: '清除搜索' })).toBeNull();
    fireEvent.change(box, { target: { value: '工业' } });
    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: '北欧' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
  });
});
