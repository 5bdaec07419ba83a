import { describe, expect, it } from 'vitest';
import { srcsetImagen, urlMiniatura, urlVariante } from './imagenes';

describe('product image variants', () => {
  it('builds the WebP variant URL and the srcset', () => {
    expect(urlVariante('abc.jpg', 320)).toBe('/uploads/w320/abc.jpg.webp');
    expect(srcsetImagen('abc.jpg')).toBe(
      '/uploads/w160/abc.jpg.webp 160w, /uploads/w320/abc.jpg.webp 320w, /uploads/w480/abc.jpg.webp 480w, /uploads/w640/abc.jpg.webp 640w, /uploads/w960/abc.jpg.webp 960w',
    );
    expect(srcsetImagen(null)).toBeUndefined();
  });

  it('gives a thumbnail the smallest variant, and nothing without an image', () => {
    expect(urlMiniatura('abc.jpg')).toBe('/uploads/w160/abc.jpg.webp');
    expect(urlMiniatura(null)).toBeUndefined();
    expect(urlMiniatura('')).toBeUndefined();
  });
});
