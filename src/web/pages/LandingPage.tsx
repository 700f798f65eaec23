import {
  BookOpen,
  Brain,
  Flame,
  Layers,
  MessageCircle,
  Sparkles,
  Users,
  Wand2,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { MarketingLayout } from '../app/layouts/MarketingLayout';
import { ArtGrid } from '../features/marketing/ArtGrid';
import { CallToAction, PrimaryAction } from '../features/marketing/CallToAction';
import { readBrand } from '../lib/brand';
import { usePageTitle } from '../lib/use-page-title';

interface Card {
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
}

const FEATURES: Card[] = [
  {
    icon: Wand2,
    title: 'Unique Personalities',
    text: 'Build characters with their own looks, voice, quirks and desires — exactly as you imagine them.',
  },
  {
    icon: Brain,
    title: 'Adaptive AI',
    text: 'Your companion adapts to you and learns from your conversations, remembering what matters.',
  },
  {
    icon: Sparkles,
    title: 'Advanced Language Models',
    text: 'Large, state-of-the-art models write replies that feel natural, warm and alive.',
  },
  {
    icon: Layers,
    title: 'Endless Categories',
    text: 'From professions to fantasy creatures — hundreds of roles to shape who your companion is.',
  },
];

const MODES: Card[] = [
  {
    icon: MessageCircle,
    title: 'Chat Mode',
    text: 'Classic back-and-forth messaging. Text casually like with a partner, or get a helpful assistant who knows you.',
  },
  {
    icon: BookOpen,
    title: 'Story Mode',
    text: 'Immersive, paragraph-driven roleplay. Describe a scene and steer the story with four suggested actions or your own.',
  },
  {
    icon: Flame,
    title: 'Intimacy Levels',
    text: 'Set how direct each character is — from flirty companion to romantic partner to the most lustful lover.',
  },
];

export default function LandingPage() {
  usePageTitle('Create your Dream AI Companion');
  return (
    <MarketingLayout>
      <div className="relative isolate">
        <ArtGrid />
        <section className="px-4 pt-24 pb-20 text-center sm:pt-32" aria-labelledby="hero-title">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-border bg-surface/70 px-4 py-1 text-xs font-semibold tracking-wide text-accent">
            <Users className="size-3.5" aria-hidden />{' '}
            {readBrand().tagline || 'Create your dream fantasy'} · 18+
          </p>
          <h1
            id="hero-title"
            className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl"
          >
            Create your Dream{' '}
            <span className="bg-gradient-to-r from-accent to-accent-2 bg-clip-text text-transparent">
              AI Companion
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-fg/85">
            Design a character with a personality all their own, then chat, flirt or live out a
            story together. Private, always there, and remembering you.
          </p>
          <div className="mt-10 flex justify-center">
            <PrimaryAction signedInLabel="Dashboard" signedOutLabel="Get Started" />
          </div>
        </section>

        <CardSection id="experience" title="The Ultimate Experience" cards={FEATURES} columns={4} />
        <CardSection id="modes" title="Choose Your Experience" cards={MODES} columns={3} />
      </div>
      <CallToAction
        title="Your companion is one click away"
        text="Create your first character in a minute. Start free with 20 messages a month — no credit card required."
      />
    </MarketingLayout>
  );
}

function CardSection({
  id,
  title,
  cards,
  columns,
}: {
  id: string;
  title: string;
  cards: Card[];
  columns: 3 | 4;
}) {
  return (
    <section className="px-4 py-16" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-center text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
      <div
        className={`mx-auto mt-10 grid max-w-6xl gap-6 sm:grid-cols-2 ${columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
      >
        {cards.map(({ icon: Icon, title: cardTitle, text }) => (
          <article
            key={cardTitle}
            className="rounded-2xl border border-border bg-surface/85 p-6 backdrop-blur"
          >
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-strong/25 text-accent">
              <Icon className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{cardTitle}</h3>
            <p className="mt-2 text-sm text-muted">{text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
