/**
 * The browser entry of the operators' stats dashboard (pages/stats.html, served at /stats/):
 * an empty mount point, rendered here. No site's code or stylesheet.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StatsApp } from './app';

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <StatsApp />
    </StrictMode>,
  );
}
