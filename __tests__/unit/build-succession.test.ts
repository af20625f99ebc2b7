/**
 * Which build the site should show while a run verifies its own: this run's build alone, then
 * with each newer one the origin showed (a later newer one is added, and named; the same one is
 * not news),
 * and a rollback, told once to every listener, the first one kept.
 */
import { describe, expect, it } from '@jest/globals'
import { buildId } from '../../src/build/build-id.js'
import { BuildSuccession } from '../../src/build/build-succession.js'

const OURS = '9be41d2c7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d'
const NEWER = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const NEWEST = 'c0ffee00112233445566778899aabbccddeeff01'
const OLDER = '3f2c1a0e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a'
const OLDEST = '0badc0de00112233445566778899aabbccddeeff'
const own = buildId(OURS, 'GITHUB_SHA')

describe('BuildSuccession', () => {
  it('accepts only this run’s build until a newer one is known, then both', () => {
    const succession = new BuildSuccession(own)
    expect(succession.own).toBe(own)
    expect(succession.accepted()).toEqual([own])
    expect(succession.supersededBy).toBeUndefined()
    expect(succession.rolledBackTo).toBeUndefined()

    expect(succession.superseded(NEWER, 1000)).toBe(true)
    expect(succession.supersededBy).toEqual({ commit: NEWER, at: 1000 })
    expect(succession.accepted()).toEqual([
      own,
      { text: NEWER, kind: 'commit', source: 'a newer build' }
    ])
  })

  it('the same newer commit again is not news, and keeps when it was first seen', () => {
    const succession = new BuildSuccession(own)
    expect(succession.superseded(NEWER, 1000)).toBe(true)
    expect(succession.superseded(NEWER, 9000)).toBe(false)
    expect(succession.supersededBy).toEqual({ commit: NEWER, at: 1000 })
    expect(succession.accepted()).toHaveLength(2)
  })

  it('a later, different newer commit is news: named from then on, the first still accepted', () => {
    const succession = new BuildSuccession(own)
    succession.superseded(NEWER, 1000)
    expect(succession.superseded(NEWEST, 2000)).toBe(true)
    expect(succession.supersededBy).toEqual({ commit: NEWEST, at: 2000 })
    // A page still showing the first newer build holds this run's changes too.
    expect(succession.accepted()).toEqual([
      own,
      { text: NEWER, kind: 'commit', source: 'a newer build' },
      { text: NEWEST, kind: 'commit', source: 'a newer build' }
    ])
    expect(succession.superseded(NEWER, 3000)).toBe(false)
  })

  it('a newer commit given in capitals is accepted in lower case, as a commit', () => {
    const succession = new BuildSuccession(own)
    succession.superseded(NEWER.toUpperCase(), 1000)
    expect(succession.accepted()[1]).toEqual({
      text: NEWER,
      kind: 'commit',
      source: 'a newer build'
    })
  })

  it('a rollback is told to each listener once, even when told twice; the first is kept', () => {
    const succession = new BuildSuccession(own)
    const calls: string[] = []
    succession.onRolledBack(() => calls.push('first'))
    succession.onRolledBack(() => calls.push('second'))
    succession.rolledBack(OLDER, 5000)
    expect(calls).toEqual(['first', 'second'])
    expect(succession.rolledBackTo).toEqual({ commit: OLDER, at: 5000 })

    succession.rolledBack(OLDER, 6000)
    succession.rolledBack(OLDEST, 7000)
    expect(calls).toEqual(['first', 'second'])
    expect(succession.rolledBackTo).toEqual({ commit: OLDER, at: 5000 })
  })

  it('a rollback changes neither the accepted builds nor the newer one', () => {
    const succession = new BuildSuccession(own)
    succession.superseded(NEWER, 1000)
    succession.rolledBack(OLDER, 5000)
    expect(succession.supersededBy).toEqual({ commit: NEWER, at: 1000 })
    expect(succession.accepted().map(build => build.text)).toEqual([OURS, NEWER])
  })
})
