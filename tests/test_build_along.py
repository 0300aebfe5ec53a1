"""The reader's build-along steps (scripts/spelled_out/steps, linked as docs/build-along): each
runs on its chapter's example, and the last one agrees with the package to the last bit."""

import math
import random
import re
from pathlib import Path

import pytest

import micrograd
from micrograd.nn import MLP
from spelled_out.along import load_step, show_step, step_files
from spelled_out.compare import behaviours, side_by_side, with_training
from spelled_out.compare_cases import training_run


def test_there_are_six_steps_each_a_diff_against_the_last():
    assert len(step_files()) >= 6
    for n in range(1, len(step_files()) + 1):
        html = show_step(n)._repr_html_()
        assert 'role="region"' in html and 'tabindex="0"' in html, f"step {n}: no named scroll box"
        assert "added: " in html, f"step {n} adds no line"
        if n > 1:
            assert show_step(n).previous == step_files()[n - 2]


def test_each_step_names_the_chapter_it_is_built_on_as_the_nav_numbers_it():
    root = Path(__file__).resolve().parents[1]
    nav = (root / "mkdocs.yml").read_text(encoding="utf-8")
    chapters = {
        page: number for number, page in re.findall(r"- (\w+)\. [^:\n]+: (\S+\.md)$", nav, re.M)
    }
    for n, path in enumerate(step_files(), start=1):
        built_on = f"step{n} = show_step({n})  # runs build-along/{path.name}"
        pages = [p.name for p in sorted((root / "docs").glob("*.md")) if built_on in p.read_text()]
        assert len(pages) == 1, f"step {n} should be built on one page, is on {pages}"
        first_line = path.read_text(encoding="utf-8").splitlines()[0]
        named = re.match(rf'"""Build-along step {n} \(chapter (\w+)[,)]', first_line)
        assert named and named[1] == chapters[pages[0]], (
            f"{path.name} says {first_line!r}, but {pages[0]} is chapter {chapters[pages[0]]}"
        )


def test_step1_values_remember_how_they_were_made():  # chapter 2: e = a*b, d = e+c, L = d*f
    Value = load_step(1).Value
    a, b, c, f = Value(2.0, label="a"), Value(-3.0), Value(10.0), Value(-2.0)
    e = a * b
    d = e + c
    L = d * f
    assert (e.data, d.data, L.data) == (-6.0, 4.0, -8.0)
    assert L._prev == (d, f) and L._op == "*" and e._prev[0] is a
    assert (2 * a).data == 4.0 and (1 + a).data == 3.0 and a._prev == ()


def test_step2_chain_rule_by_hand():  # chapter 3: the gradients of L = (a*b + c)*f by hand
    Value = load_step(2).Value
    a, b, c, f = Value(2.0), Value(-3.0), Value(10.0), Value(-2.0)
    e = a * b
    d = e + c
    L = d * f
    L.grad = 1.0
    d.grad, f.grad = f.data * L.grad, d.data * L.grad
    e.grad = c.grad = d.grad
    a.grad, b.grad = b.data * e.grad, a.data * e.grad
    assert (a.grad, b.grad, c.grad, f.grad) == (6.0, -4.0, -2.0, 4.0)
    assert "grad=6.0" in repr(a)


def test_step3_local_derivatives():  # chapter 4: pow, and a*a against a**2 by hand
    Value = load_step(3).Value
    x = Value(2.0)
    cube, inverse = x**3, x**-1
    assert cube._local == (12.0,) and inverse._local == (-0.25,)
    a = Value(3.0)
    sq = a * a
    sq.grad = 1.0
    sq._backward()
    assert a.grad == 6.0 == (a**2)._local[0]
    assert (Value(7.0) - 2).data == 5.0 and (Value(1.0) / 4).data == 0.25
    assert (2 - Value(0.5)).data == 1.5 and (1 / Value(4.0)).data == 0.25


def test_step4_backward_on_the_diamonds():  # chapter 5b
    Value = load_step(4).Value
    a = Value(3.0)
    (a * a).backward()
    assert a.grad == 6.0
    a = Value(2.0)
    d = (a + 1) * (3 * a)
    d.backward()
    assert (d.data, a.grad) == (18.0, 15.0)
    a = Value(1.0)
    b = a + a
    (b + b).backward()
    assert a.grad == 4.0


@pytest.mark.parametrize("n", [4, 5, 6])
def test_from_step4_on_backward_twice_behaves_like_the_package(n):
    Value = load_step(n).Value
    for V in (Value, micrograd.Value):  # leaves add up, interior nodes hold the latest pass
        a = V(3.0)
        sq = a * a
        out = sq + 1
        out.backward()
        out.backward()
        assert (a.grad, sq.grad, out.grad) == (12.0, 1.0, 1.0), V


def test_step5_the_neuron():  # chapter 6
    Value = load_step(5).Value
    x1, x2, w1, w2 = Value(2.0), Value(0.0), Value(-3.0), Value(1.0)
    b = Value(6.8813735870195432)
    n = x1 * w1 + x2 * w2 + b
    o = n.tanh()
    o.backward()
    assert math.isclose(o.data, math.sqrt(0.5), rel_tol=1e-12)
    assert math.isclose(n.grad, 0.5, rel_tol=1e-12)
    grads = [w1.grad, w2.grad, x1.grad, x2.grad]
    assert all(math.isclose(g, want, abs_tol=1e-12) for g, want in zip(grads, [1, 0, -1.5, 0.5]))
    e = (2 * n).exp()
    assert math.isclose(((e - 1) / (e + 1)).data, o.data, rel_tol=1e-12)


def test_step6_trains():  # the recap: chapter 8's loop, the loss falls
    step = load_step(6)
    random.seed(0)
    model = step.MLP(3, [4, 4, 1], activation="tanh")
    assert len(model.parameters()) == 41
    losses, _ = training_run(step.MLP, steps=20)
    assert losses[-1] < 0.1 * losses[0]
    assert step.Value(-2.0).relu().data == 0.0 and step.Value(3.0).relu().data == 3.0


def test_the_last_step_takes_powers_at_zero_as_the_package_does():  # the recap, step 6
    step = load_step(len(step_files()))
    for V in (step.Value, micrograd.Value):
        x, y = V(0.0), V(0.0)
        out = x**0.5 + y**0  # n * x**(n - 1) divides by zero at x = 0 for n < 1
        out.backward()
        assert (out.data, x.grad, y.grad) == (1.0, math.inf, 0.0), V
        with pytest.raises(ZeroDivisionError):
            V(0.0) ** -1  # 0 ** n itself has no value for n < 0
    with pytest.raises(ZeroDivisionError):  # what step 6 mends
        load_step(5).Value(0.0) ** 0.5


def test_a_bad_operand_is_a_value_error_in_the_last_step_and_a_type_error_in_the_package():
    step = load_step(len(step_files()))
    with pytest.raises(ValueError, match="could not convert"):
        step.Value(2.0) + "a"  # your float() meets it
    with pytest.raises(TypeError, match="'Value' and 'str'"):
        micrograd.Value(2.0) + "a"  # the package returns NotImplemented


def test_the_last_step_equals_the_package_on_every_worked_example():
    step = load_step(len(step_files()))
    table = with_training(side_by_side(step.Value, micrograd.Value), step.MLP, MLP)
    assert table.all_equal, f"differs from micrograd on {table.mismatches}"
    assert len(table.rows) >= 21
    covered = " ".join(name for name, _, _ in table)
    for what in ("log", "relu", "/", "**", "exp", "tanh", "2 - a", "sum()", "twice", "moons"):
        assert what in covered, f"no comparison case covers {what!r}"
    ten_steps, moons = (mine for _, mine, _ in table.rows[-2:])  # weights and biases: parameters
    assert "all 41 parameters after" in ten_steps and "all 337 parameters after" in moons


def test_the_comparison_labels_each_case_by_its_chapter_and_each_number_by_what_it_is():
    nav = (Path(__file__).resolve().parents[1] / "mkdocs.yml").read_text(encoding="utf-8")
    numbered = set(re.findall(r"^\s*- (\w+)\. ", nav, re.M))  # 1, 2, ..., 4b, 5, 5b, ...
    table = side_by_side(micrograd.Value, micrograd.Value)
    for name, numbers, _ in table:
        label = name.split()[0]
        chapters = label.removeprefix("ch.").split("/")
        assert label.startswith("ch.") and set(chapters) <= numbered, f"{name}: not a chapter"
        keys = list(numbers)
        # a .grad after two backward() calls is no longer ∂out/∂node: it says what it is
        grad = "after 2 passes" if "backward() twice" in name else "∂out/∂"
        assert keys[0] == "out" and all(grad in key for key in keys[1:]), keys
    twice = [name for name, _, _ in table if "backward() twice" in name]
    assert twice and all(name.startswith("ch.5b ") for name in twice), twice  # accumulation.md
    expanded = [name for name, _, _ in table if "(e^2x - 1)/(e^2x + 1)" in name]
    assert expanded == ["ch.4b  (e^2x - 1)/(e^2x + 1)"], expanded  # rules-in-practice.md


def test_where_the_last_step_and_the_package_differ_each_case_differs():
    step = load_step(len(step_files()))
    table = behaviours(step.Value, micrograd.Value)
    assert not table.same, f"these cases behave the same, drop them: {table.same}"
    assert table["backward() through a chain of 5,000 additions"][1] == "1.0"


@pytest.mark.parametrize("n", [0, 99])
def test_a_step_that_does_not_exist_is_named(n):
    with pytest.raises(ValueError, match="there are steps 1 to"):
        show_step(n)
