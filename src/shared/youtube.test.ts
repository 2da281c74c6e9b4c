import { describe, expect, it } from 'vitest';
import { toYouTubeEmbedUrl } from './youtube.ts';

describe('toYouTubeEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/embed/abcde', 'https://www.youtube.com/embed/abcde'],
    ['https://m.youtube.com/shorts/Ab_-9xyz', 'https://www.youtube.com/embed/Ab_-9xyz'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
  ])('accepts %s', (input, expected) => {
    expect(toYouTubeEmbedUrl(input)).toBe(expected);
  });

  it.each([
    'https://www.youtube.com/watch?v=abcd', // id shorter than 5
    'https://vimeo.com/123456',
    'https://www.youtube.com/channel/UC12345',
    'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'not a url',
    '',
    null,
  ])('rejects %s', (input) => {
    expect(toYouTubeEmbedUrl(input)).toBeNull();
  });
});
