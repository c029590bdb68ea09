import { describe, expect, it } from 'vitest';
import { projectSessionName, zipFileName } from './projects';

const at = (hour: number, minute = 5) => new Date(2025, 8, 8, hour, minute);

describe('projectSessionName', () => {
  it.each([
    [0, 'Early Morning'],
    [5, 'Early Morning'],
    [6, 'Morning'],
    [11, 'Morning'],
    [12, 'Afternoon'],
    [16, 'Afternoon'],
    [17, 'Evening'],
    [20, 'Evening'],
    [21, 'Night'],
    [23, 'Night'],
  ])('names hour %i "%s"', (hour, dayPart) => {
    expect(projectSessionName(at(hour))).toBe(`${dayPart} Session - Sep 8 ${String(hour).padStart(2, '0')}:05`);
  });

  it('matches the help text example', () => {
    expect(projectSessionName(new Date(2025, 8, 8, 12, 43))).toBe('Afternoon Session - Sep 8 12:43');
  });
});

describe('zipFileName', () => {
  it('keeps letters, digits, dashes and turns spaces into underscores', () => {
    expect(zipFileName('Afternoon Session - Sep 8 12:43')).toBe('Afternoon_Session_-_Sep_8_1243_enhanced.zip');
  });
  it('drops path tricks and quotes', () => {
    expect(zipFileName('../"evil"\r\n name')).toBe('evil_name_enhanced.zip');
    expect(zipFileName('///')).toBe('project_enhanced.zip');
  });
});
