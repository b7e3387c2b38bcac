/**
 * Conversion rates of one goal as bars with their 95% intervals drawn as whiskers, each bar
 * carrying its figures as text (issue 14 item 4: charts with their numbers). Plain SVG: it draws
 * the same in every browser and in tests, and the table below it holds the same numbers.
 */
import type { ExperienceResult } from './types';
import { experienceName, percent, range } from './format';

const ROW = 44;
const LABEL = 150;
const WIDTH = 640;
const PLOT = 330;

export function RateChart({ goal, rows }: { goal: string; rows: readonly ExperienceResult[] }) {
  const top = Math.max(0.01, ...rows.map((r) => r.rateInterval?.upper ?? r.rate ?? 0)) * 1.05;
  const x = (fraction: number) => LABEL + (fraction / top) * PLOT;
  const height = rows.length * ROW + 12;
  return (
    <figure className="activity-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={`Conversion rate by experience for ${goal}, with 95% intervals; the numbers are also in the table below`}>
        <line x1={LABEL} x2={LABEL} y1={0} y2={height} stroke="#425563" />
        {rows.map((row, i) => {
          const y = i * ROW + 8;
          const text = row.rate === null ? 'no visitors yet' : `${percent(row.rate)}${row.rateInterval ? ` (${range(row.rateInterval)})` : ''}`;
          return (
            <g key={row.experience} data-experience={row.name}>
              <text x={LABEL - 8} y={y + 18} textAnchor="end" fontSize="13">
                {experienceName(row)}
              </text>
              {row.rate !== null && <rect x={LABEL} y={y + 4} width={Math.max(1, x(row.rate) - LABEL)} height={ROW - 20} fill={row.isControl ? '#425563' : '#005eb8'} />}
              {row.rateInterval && (
                <g stroke="#212b32" strokeWidth={2}>
                  <line x1={x(row.rateInterval.lower)} x2={x(row.rateInterval.upper)} y1={y + 16} y2={y + 16} />
                  <line x1={x(row.rateInterval.lower)} x2={x(row.rateInterval.lower)} y1={y + 9} y2={y + 23} />
                  <line x1={x(row.rateInterval.upper)} x2={x(row.rateInterval.upper)} y1={y + 9} y2={y + 23} />
                </g>
              )}
              <text x={Math.max(x(row.rateInterval?.upper ?? row.rate ?? 0), LABEL) + 8} y={y + 20} fontSize="13">
                {text}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="hint">Bars: conversion rate; whiskers: 95% interval.</figcaption>
    </figure>
  );
}
