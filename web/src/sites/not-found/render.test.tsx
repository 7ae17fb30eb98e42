import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderNotFound } from './render';

describe('the 404 page', () => {
  it('shows the Chinese heading and text of docs/product.md', () => {
    const { element, document } = renderNotFound();
    render(element);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 - 页面未找到');
    expect(screen.getByText('您访问的页面不存在。')).toBeTruthy();
    expect(document.lang).toBe('zh-CN');
    expect(document.title).toBe('404 - 页面未找到');
    expect(document.clientEntry).toBeUndefined();
  });
});
