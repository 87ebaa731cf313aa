/** A surface that follows the card skin setting (shadow or bordered). */
import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A card container. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('card p-6', className)} {...rest} />;
}
