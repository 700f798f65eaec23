import { encode as gpt4o, encodeChat as gpt4oChat } from 'gpt-tokenizer/model/gpt-4o';
import llama3 from 'llama3-tokenizer-js';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/server/integrations/llm';
import { buildChatPrompt, type PromptInput } from '../../src/server/prompts/chat.prompt';
import { REPLY_TOKENS } from '../../src/server/prompts/model-settings';
import { estimateTextTokens } from '../../src/server/prompts/tokens';

/**
 * Issue 46 part 4: the prompt never holds more tokens than LLM_CONTEXT_TOKENS leaves beside the
 * reply, counted by real tokenizers (GPT-4o's o200k and Llama 3's), for long chats in scripts
 * that cost very differently: English, Japanese, Chinese, Russian and emoji texting. The
 * tokenizers are oracles here, never on the server's hot path.
 */

const SEEDS = {
  english: [
    'Hey, how was your day? I kept thinking about what you said last night.',
    "I can't believe it's already Friday — the week flew by.",
    "Tell me something you've never told anyone before.",
    'The coffee shop on 5th Street finally reopened, and their croissants are still perfect!',
    "*leans against the doorframe, smiling* You're late again, you know.",
    "Honestly? I'd rather stay in, order pizza and watch old movies with you.",
    "My sister called; she's moving to Lisbon in March (finally!).",
    'What would you do if we had a whole weekend with no plans at all?',
    'lol ok fine, you win this round 😂',
    'I read 3 chapters before falling asleep at 2:45 a.m. — worth it.',
    'The rain is loud against the window tonight; it makes the room feel smaller, warmer.',
    'Okay, serious question: cats or dogs? Choose carefully.',
  ],
  japanese: [
    '今日はどんな一日だった？昨日の話、ずっと考えてたよ。',
    'もう金曜日なんて信じられない。一週間があっという間だった。',
    '誰にも話したことがないこと、教えてくれる？',
    '駅前のカフェがやっと再開して、クロワッサンが相変わらず美味しかった！',
    '*ドアにもたれて微笑む* また遅刻だね。',
    '正直に言うと、家でピザを頼んで一緒に古い映画を見たいな。',
    '姉から電話があって、三月にリスボンに引っ越すんだって。',
    '雨の音が窓に響いて、部屋が少し狭く、暖かく感じる。',
    'じゃあ真面目な質問：猫派？犬派？よく考えて選んでね。',
    '桜の季節になったら、一緒に京都へ行こうよ。',
  ],
  chinese: [
    '你今天过得怎么样？我一直在想你昨晚说的话。',
    '真不敢相信已经星期五了，这一周过得太快了。',
    '告诉我一件你从来没有告诉过别人的事。',
    '街角的咖啡店终于重新开门了，他们的牛角包还是那么好吃！',
    '*靠在门框上微笑* 你又迟到了，你知道吗。',
    '说实话，我更想待在家里，点个披萨，和你一起看老电影。',
    '我姐姐打电话来说，她三月要搬到里斯本去了。',
    '今晚雨点敲打着窗户，房间显得更小也更温暖了。',
    '好吧，认真问一下：猫还是狗？仔细选哦。',
    '等到樱花盛开的时候，我们一起去杭州西湖走走吧。',
  ],
  russian: [
    'Привет, как прошёл твой день? Я всё думал о том, что ты сказала вчера.',
    'Не могу поверить, что уже пятница — неделя пролетела незаметно.',
    'Расскажи мне то, что ты никогда никому не рассказывала.',
    'Кофейня на углу наконец открылась, и круассаны там всё такие же вкусные!',
    '*прислоняется к дверному косяку, улыбаясь* Ты опять опоздал, знаешь ли.',
    'Честно? Я бы лучше осталась дома, заказала пиццу и посмотрела с тобой старые фильмы.',
    'Звонила сестра: в марте она переезжает в Лиссабон.',
    'Дождь громко стучит в окно, и комната кажется меньше и теплее.',
    'Ладно, серьёзный вопрос: кошки или собаки? Выбирай внимательно.',
  ],
  emoji: [
    'omg 😂😂😂',
    'heyyy 👋😊 u up?',
    'miss u already 🥺💕',
    'lol no way 🤣🤣 stop',
    '❤️❤️❤️',
    'good morning ☀️☕️ sleep ok?',
    "that's so cute 😍🐶🐾",
    'ugh work 😩💻 save me',
    '🎉🎉 we did it!!! 🥳🍾',
    '👀👀 what are u wearing rn',
    '👩‍❤️‍👨 us tbh 💞✨',
    '🇯🇵✈️ next year??',
    'night night 🌙💤😴',
  ],
} as const;
type Language = keyof typeof SEEDS;

/** Messages of one to four seed sentences, in an order that does not repeat soon. */
function sentences(language: Language, i: number): string {
  const seeds = SEEDS[language];
  const joiner = language === 'japanese' || language === 'chinese' ? '' : ' ';
  const count = 1 + ((i * 7) % 4);
  return Array.from({ length: count }, (_, k) => seeds[(i * 5 + k * 3) % seeds.length]).join(
    joiner,
  );
}

/** A 200-message chat in `language`, with a character, memories and a greeting in it too. */
function chat(language: Language, contextTokens: number): PromptInput {
  return {
    character: {
      name: 'Selene',
      gender: 'female',
      description: sentences(language, 1),
      personality: sentences(language, 2) + sentences(language, 3),
      directnessLevel: 2,
      sexualPreferences: ['Romance', 'Teasing'],
      roles: ['Poet'],
      includeRoles: true,
      settings: { emojis: true, actionMessages: true },
    },
    profile: { name: 'Riley', gender: 'Non-binary', sexualPreferences: ['Romance'] },
    mode: 'texting',
    scenario: null,
    memories: Array.from({ length: 40 }, (_, i) => ({
      content: sentences(language, i + 7),
      pinned: i < 3,
    })),
    history: Array.from({ length: 200 }, (_, i) => ({
      sender: i % 2 === 0 ? ('ai' as const) : ('user' as const),
      content: sentences(language, i + 11),
    })),
    contextTokens,
    replyTokens: REPLY_TOKENS,
    voiceExample: sentences(language, 0),
    earlierSummary: sentences(language, 5) + sentences(language, 6),
  };
}

/**
 * The prompt's tokens as Llama 3's chat template sends it: <|begin_of_text|>, each message as
 * <|start_header_id|>role<|end_header_id|>\n\ncontent<|eot_id|>, and the assistant's header the
 * answer follows.
 */
function llama3Tokens(messages: readonly ChatMessage[]): number {
  let tokens = 1 + 4;
  for (const m of messages)
    tokens += 5 + llama3.encode(m.content, { bos: false, eos: false }).length;
  return tokens;
}

const gpt4oTokens = (messages: readonly ChatMessage[]) => gpt4oChat(messages, 'gpt-4o').length;

const LANGUAGES = Object.keys(SEEDS) as Language[];

describe('the prompt budget, counted by real tokenizers', () => {
  it.each([4096, 8192, 32768])(
    'a %i-token window holds every language’s prompt and the reply',
    (contextTokens) => {
      for (const language of LANGUAGES) {
        const messages = buildChatPrompt(chat(language, contextTokens));
        const room = contextTokens - REPLY_TOKENS;
        const counted = { gpt4o: gpt4oTokens(messages), llama3: llama3Tokens(messages) };
        expect(counted.gpt4o, `${language}, GPT-4o`).toBeLessThanOrEqual(room);
        expect(counted.llama3, `${language}, Llama 3`).toBeLessThanOrEqual(room);
        if (messages.length < 200) {
          // Cut to fit, and not by much more than needed: the estimate leans high, not wild.
          const used = Math.max(counted.gpt4o, counted.llama3) / room;
          expect(used, `${language}: share of the window used`).toBeGreaterThan(0.72);
        }
      }
    },
  );

  it('each script costs what real tokenizers say, never less (the estimate alone)', () => {
    for (const language of LANGUAGES) {
      const text = Array.from({ length: 200 }, (_, i) => sentences(language, i)).join('\n');
      const estimate = estimateTextTokens(text);
      const real = Math.max(
        llama3.encode(text, { bos: false, eos: false }).length,
        gpt4o(text).length,
      );
      expect(estimate, language).toBeGreaterThanOrEqual(real);
      // …and not far above it: each extra token is history the model does not see.
      expect(estimate / real, language).toBeLessThan(1.3);
    }
  });

  it('characters ÷ 4 would have overflowed: a Japanese chat at 8k', () => {
    // What the old estimate let through, as a check that the fixture tests what it should.
    const history = chat('japanese', 8192).history;
    const byCharacters = history.reduce((sum, m) => sum + Math.ceil(m.content.length / 4) + 4, 0);
    const real = llama3Tokens(history.map((m) => ({ role: 'user', content: m.content })));
    expect(real).toBeGreaterThan(2 * byCharacters);
  });
});
